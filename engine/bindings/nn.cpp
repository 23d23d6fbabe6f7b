// (being written)
#include "bindings/convert.h"

namespace kiln::vm::bind {
void register_nn_modules(const TypeTable&) {}
}  // namespace kiln::vm::bind
