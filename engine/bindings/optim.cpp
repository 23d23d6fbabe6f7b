// (being written)
#include "bindings/convert.h"

namespace kiln::vm::bind {
void register_optim_module() {}
}  // namespace kiln::vm::bind
