// (being written)
#include "bindings/convert.h"

namespace kiln::vm::bind {
void register_torch_module() {}
}  // namespace kiln::vm::bind
