// Registration entry point for the torch bindings (filled in by the bindings files).
#include "vm/typetable.h"

namespace kiln::vm {
void register_torch_types(const TypeTable&) {}
}  // namespace kiln::vm
