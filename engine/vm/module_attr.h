// A fast path for reading an nn.Module's own parameter, buffer or child by attribute name.
//
// `module.weight` is the most frequent attribute read of a model's forward and of a compiled call
// (every guard on a parameter and every graph input the transformed code loads walks module
// attributes). Python's lookup reaches nn.Module.__getattr__ only after the class MRO and the
// instance dict miss; the general path then allocates the name as a str and calls the method. The
// bindings (bindings/nn.cpp) install a function that gives the same answer without the call when
// nothing can shadow the entry: no __getattribute__ override, the class's __getattr__ is
// nn.Module's own, no class attribute and no instance attribute of that name. Null when the fast
// path does not apply (the caller then takes the general path).
#pragma once
#include <string_view>

#include "vm/object.h"

namespace kiln::vm {

using ModuleAttrFn = Value (*)(const Value& module, std::string_view name);
inline ModuleAttrFn module_attr_fast = nullptr;
// Nonzero while something observes every nn.Module.__getattr__ call (torch.fx's Tracer hooks,
// bindings/fx.cpp's set_hooks): the fast path is off then, so the observer sees each read.
inline int module_attr_observers = 0;

}  // namespace kiln::vm
