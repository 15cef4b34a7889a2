// Reading a manifest's <services> (ServiceContent) and <executableFiles>.
#pragma once

#include <pugixml.hpp>

#include "autolife/package/manifest.hpp"
#include "xml_file.hpp"

namespace autolife::package {

// Each <service> of `services`: unnamed ones, a name used twice and an
// execStart that cannot be split are errors (the service is ignored).
void readServices(XmlFile& file, pugi::xml_node services, Manifest& m);
void readExecutableFiles(pugi::xml_node files, Manifest& m);

}  // namespace autolife::package
