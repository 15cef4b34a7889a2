// An object a method hands out, as NAOqi's do (ALExpressionWatcher.add's
// ExpressionObject): a Service of its own, not registered, with methods,
// signals and properties, carried inside a core::Value of kind Object. It
// lives as long as someone holds the value; each edge turns it into what its
// clients know (a qi object, a Python proxy in box code) and keeps the value
// for as long as they hold that.
#pragma once

#include <memory>

#include "autolife/core/value.hpp"
#include "autolife/service/service.hpp"

namespace autolife::service {

class ObjectRef final : public core::ObjectHandle {
public:
  explicit ObjectRef(std::shared_ptr<Service> object) : object_(std::move(object)) {}
  const std::shared_ptr<Service>& object() const { return object_; }

private:
  std::shared_ptr<Service> object_;
};

// The value a method returns for `object` (Type::Object, qi's `o`).
core::Value objectValue(std::shared_ptr<Service> object);
// The service inside `value`, null when it holds none (not an Object, or
// an object of another edge: a qi reference).
std::shared_ptr<Service> objectOf(const core::Value& value);

}  // namespace autolife::service
