// torch.UntypedStorage (bindings/tensor.cpp): the one storage type, which x.untyped_storage() returns
// and torch.load hands to a callable map_location (bindings/serialization.cpp).
#pragma once
#include <memory>

#include "tensor/storage.h"
#include "vm/object.h"

namespace kiln::vm::bind {

Value wrap_untyped_storage(std::shared_ptr<Storage> storage);
// The storage of a torch.UntypedStorage value; null for any other value.
std::shared_ptr<Storage> untyped_storage_or_null(const Value& v);

}  // namespace kiln::vm::bind
