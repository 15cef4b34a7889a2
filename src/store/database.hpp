// A thin, owning wrapper over one SQLite connection: statements with bound
// parameters, transactions that roll back unless committed, and errors that
// say which file and what SQLite said. Not thread-safe: the Store that owns
// it serialises its use. Private to the store: SQLite stays out of the
// public headers.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "autolife/store/store_error.hpp"

namespace autolife::store {

class Database;

class Statement {
public:
  Statement(Database& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQLite.
  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, std::int64_t number);
  Statement& bind(int index, double number);
  // Steps once: true while there is a row to read.
  bool step();
  // Runs to the end (a statement without rows), then resets for reuse.
  void run();
  void reset();

  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;

private:
  Database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class Database {
public:
  // Opens (creating) the file. Throws StoreError.
  explicit Database(const std::filesystem::path& file);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs statements that return nothing the caller needs.
  void execute(std::string_view sql);
  // The first column of the first row, as text (PRAGMAs).
  std::optional<std::string> single(std::string_view sql);
  std::int64_t lastInsertId() const;

  // Throws StoreError for `code` unless it is a success, with `doing`
  // ("saving a preference") and SQLite's message.
  void check(int code, std::string_view doing) const;
  [[noreturn]] void fail(int code, std::string_view doing) const;

  sqlite3* handle() const { return db_; }
  const std::filesystem::path& file() const { return file_; }

private:
  std::filesystem::path file_;
  sqlite3* db_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT; rolled back when destroyed uncommitted.
class Transaction {
public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

private:
  Database& db_;
  bool done_ = false;
};

// Runs `f`, re-throwing a StoreError with what was being done in front.
template <typename F>
auto doing(const std::string& what, F&& f) {
  try {
    return f();
  } catch (const StoreError& e) {
    throw StoreError(e.code(), what + ": " + e.what());
  }
}

}  // namespace autolife::store
