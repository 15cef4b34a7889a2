#include "database.hpp"

namespace autolife::store {

bool StoreError::corrupt() const { return code_ == SQLITE_CORRUPT || code_ == SQLITE_NOTADB; }

Database::Database(const std::filesystem::path& file) : file_(file) {
  const int code = sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (code != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(code & 0xff, file.string() + ": cannot open the database: " + message);
  }
  sqlite3_extended_result_codes(db_, 0);
}

Database::~Database() { sqlite3_close(db_); }

void Database::check(int code, std::string_view doing) const {
  if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) fail(code, doing);
}

void Database::fail(int code, std::string_view doing) const {
  std::string what = sqlite3_errmsg(db_);
  // Some failures leave the connection's message at "not an error".
  if (what == sqlite3_errstr(SQLITE_OK)) what = sqlite3_errstr(code);
  const std::string context = doing.empty() ? "" : std::string(doing) + ": ";
  throw StoreError(code & 0xff, file_.string() + ": " + context + what);
}

void Database::execute(std::string_view sql) {
  char* error = nullptr;
  const int code = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error);
  sqlite3_free(error);
  check(code, "");
}

std::optional<std::string> Database::single(std::string_view sql) {
  Statement s(*this, sql);
  if (!s.step()) return std::nullopt;
  return s.text(0);
}

std::int64_t Database::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }

Statement::Statement(Database& db, std::string_view sql) : db_(db) {
  db_.check(sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr), "");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::string_view text) {
  db_.check(sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8), "binding a value");
  return *this;
}

Statement& Statement::bind(int index, std::int64_t number) {
  db_.check(sqlite3_bind_int64(stmt_, index, number), "binding a value");
  return *this;
}

Statement& Statement::bind(int index, double number) {
  db_.check(sqlite3_bind_double(stmt_, index, number), "binding a value");
  return *this;
}

bool Statement::step() {
  const int code = sqlite3_step(stmt_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  sqlite3_reset(stmt_);
  db_.fail(code, "");
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string Statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

Transaction::Transaction(Database& db) : db_(db) { db_.execute("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (done_) return;
  // After SQLITE_FULL and some I/O errors SQLite has already rolled back;
  // a second rollback then fails harmlessly.
  sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.execute("COMMIT");
  done_ = true;
}

}  // namespace autolife::store
