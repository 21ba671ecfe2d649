#pragma once
// Load-time error reporting: a Status is OK or carries one line naming the
// file and what is wrong. Per-frame code never throws and never returns these.

#include <string>
#include <utility>
#include <variant>

namespace knights::core {

class Status {
 public:
  Status() = default;  // OK
  static Status Ok() { return {}; }
  static Status Error(std::string message) {
    Status s;
    s.ok_ = false;
    s.message_ = std::move(message);
    return s;
  }
  bool ok() const { return ok_; }
  const std::string& message() const { return message_; }

 private:
  bool ok_ = true;
  std::string message_;
};

// A value or the Status that explains why there is none.
template <typename T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}
  Expected(Status error) : data_(std::move(error)) {}
  bool ok() const { return std::holds_alternative<T>(data_); }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<T>(data_); }
  const T& value() const { return std::get<T>(data_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  // The error; only meaningful when !ok().
  const Status& status() const { return std::get<Status>(data_); }

 private:
  std::variant<T, Status> data_;
};

}  // namespace knights::core
