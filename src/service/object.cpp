#include "autolife/service/object.hpp"

namespace autolife::service {

core::Value objectValue(std::shared_ptr<Service> object) {
  return core::Value(std::shared_ptr<const core::ObjectHandle>(std::make_shared<ObjectRef>(std::move(object))));
}

std::shared_ptr<Service> objectOf(const core::Value& value) {
  if (!value.isObject()) return nullptr;
  const auto* ref = dynamic_cast<const ObjectRef*>(value.asObject().get());
  return ref ? ref->object() : nullptr;
}

}  // namespace autolife::service
