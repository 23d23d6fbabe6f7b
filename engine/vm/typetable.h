// The built-in types every interpreter shares, created once (immortal) with their method tables.
//
// types() builds the table on first use: the core types, the exception hierarchy of CPython 3.11
// (only the classes Kiln programs meet), and the torch types, then asks each method file
// (methods_*.cpp, the torch bindings) to fill its types' dicts.
#pragma once
#include <string_view>
#include <vector>

#include "vm/types.h"

namespace kiln::vm {

struct TypeTable {
    Type *type, *object, *none, *bool_, *int_, *float_, *str, *list, *tuple, *dict, *function, *builtin,
        *method, *module, *cell, *code, *range, *slice, *property, *staticmethod, *classmethod, *super_,
        *iterator, *not_implemented, *ellipsis;
    // Exceptions (CPython's names and hierarchy).
    Type *BaseException, *Exception, *ArithmeticError, *LookupError, *AssertionError, *AttributeError,
        *ImportError, *ModuleNotFoundError, *IndexError, *KeyError, *NameError, *UnboundLocalError,
        *NotImplementedError, *OverflowError, *RecursionError, *RuntimeError, *StopIteration,
        *SyntaxError, *TypeError, *ValueError, *ZeroDivisionError, *KeyboardInterrupt, *Warning,
        *UserWarning, *DeprecationWarning, *RuntimeWarning, *FutureWarning, *MemoryError, *GeneratorExit,
        *BaseExceptionGroup, *ExceptionGroup;  // PEP 654 (exception_group.cpp)
    std::vector<Type*> exceptions;  // every exception class above, for the builtins namespace
    // torch
    Type *tensor, *parameter, *size, *nn_module;
    Type *uninitialized_parameter, *uninitialized_buffer;  // torch.nn's lazy placeholders (bindings/nn.cpp)
};

const TypeTable& types();
// The short spelling the method and binding files use: T().list, T().TypeError.
inline const TypeTable& T() { return types(); }

// Creates an immortal built-in type (used by types() and by the bindings for their own classes).
Type* make_builtin_type(const char* name, Type* base, Kind instance_kind, const char* module = "builtins");

// A built-in exception or warning class outside builtins (torch.jit.TracerWarning): constructible
// like the core exceptions, subclassable by programs.
Type* make_exception_type(const char* name, Type* base, const char* module);

// Singletons.
Value not_implemented();
Value ellipsis();

// Registration hooks called once by types() (each defined in its own file).
void register_core_methods(const TypeTable& t);  // str, list, tuple, dict, ... (methods_core.cpp)
void register_exception_methods(const TypeTable& t);  // exceptions.cpp
void register_exception_group_methods(const TypeTable& t);  // exception_group.cpp (called by the above)
void register_class_methods(const TypeTable& t);  // object.__new__, type.__call__, ... (classes.cpp)
void register_type_hint_methods(const TypeTable& t);  // types.GenericAlias, types.UnionType (type_hints.cpp)
void register_torch_types(const TypeTable& t);  // bindings: Tensor, Parameter, Size, nn.Module

}  // namespace kiln::vm
