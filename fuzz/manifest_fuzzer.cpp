// libFuzzer target for manifest.xml: the input is the file's text, given to
// package::parseManifest as the package store and `autolife check` give it.
// Whatever the bytes, parsing returns (never throws), every problem is
// located inside the text (or about the whole file), and a manifest that
// could not be used at all comes with at least one error saying why.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "autolife/package/manifest.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace autolife;

void checkManifest(const package::Manifest& m, const package::ManifestResult& result) {
  if (m.uuid.empty()) fuzz::fail("a manifest without a uuid", "");
  if (!package::uuidProblem(m.uuid).empty() && !core::hasErrors(result.problems))
    fuzz::fail("an unusable uuid without an error", m.uuid);
  for (const auto& b : m.behaviors) {
    // A launch trigger that does not compile is an error of the manifest.
    if (b.launchTrigger && !b.launchTrigger->valid() && !core::hasErrors(result.problems))
      fuzz::fail("an invalid launch trigger without an error", b.launchTrigger->text);
    (void)package::natureName(b.nature);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  package::ManifestOptions options;
  options.fileName = "manifest.xml";
  // Every other input without a uuid falls back to a folder name, as a
  // package folder does; the rest must then be refused.
  if (size % 2 == 0) options.fallbackUuid = "fuzz-package";
  const package::ManifestResult result = package::parseManifest(text, options);
  for (const auto& p : result.problems) {
    fuzz::checkLocatedIn(text, p.diagnostic, options.fileName);
    (void)p.format();
  }
  if (result.manifest) checkManifest(*result.manifest, result);
  else if (!core::hasErrors(result.problems)) fuzz::fail("no manifest and no error", "");
  return 0;
}
