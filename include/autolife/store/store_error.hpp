// What the store throws when the database fails: the file, what was being
// done, and SQLite's words and result code.
#pragma once

#include <string>

#include "autolife/core/preferences.hpp"

namespace autolife::store {

// A database problem: the file, what was being done, SQLite's words. `code`
// is SQLite's primary result code (SQLITE_FULL, SQLITE_CORRUPT, ...).
class StoreError : public core::StorageError {
public:
  StoreError(int code, const std::string& message) : core::StorageError(message), code_(code) {}
  int code() const { return code_; }
  // The file is not a database, or a broken one (rather than, say, full).
  bool corrupt() const;

private:
  int code_;
};

}  // namespace autolife::store
