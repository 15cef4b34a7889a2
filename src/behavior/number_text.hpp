// Numbers as the writers put them in files: the shortest text that reads
// back as the same value ("-7.73688", "0", "1e-07").
#pragma once

#include <string>

namespace autolife::behavior {

std::string numberText(double value);

}  // namespace autolife::behavior
