// The heap a test process uses now, to check that repeating something
// costs no memory (a leak inside a library LeakSanitizer cannot name, a
// list that only grows): ASan's allocator's count under ASan, glibc's
// otherwise.
#pragma once

#include <malloc.h>

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/allocator_interface.h>
#endif

namespace autolife::test {

inline std::size_t heapInUse() {
#if defined(__SANITIZE_ADDRESS__)
  return __sanitizer_get_current_allocated_bytes();
#else
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
#endif
}

}  // namespace autolife::test
