// Kiln's `numpy`: ndarrays as thin objects over Kiln tensors (numpy.cpp), NumPy's printing
// (numpy_print.cpp) and numpy.random's legacy streams (numpy_random.h). This header is what the torch
// bindings need for torch.from_numpy / Tensor.numpy() / torch.tensor(ndarray), and what the printer
// shares with the module.
#pragma once
#include <string>

#include "bindings/convert.h"

namespace kiln::vm::bind {

// An ndarray or a NumPy scalar (np.float64(1.5)).
bool is_ndarray(const Value& v);
// A NumPy scalar (np.float64(1.5), a[0]): a number to PyTorch's argument parser.
bool is_numpy_scalar(const Value& v);
// The tensor an ndarray views (shares its memory); a scalar's 0-d tensor.
Tensor ndarray_tensor(const Value& v);
// a.tolist(): nested Python lists of Python numbers.
Value ndarray_tolist(const Value& v);
// A new ndarray sharing t's storage, sizes and strides (Tensor.numpy()).
Value ndarray_from_tensor(const Tensor& t);
// NumPy's type string of a dtype without its byte order ('f8', 'i8', 'b1', 'u1') and the byte order
// character NumPy pickles and prints with it ('|' for one-byte types, else '<': little-endian).
std::string numpy_typestr(DType d);
const char* numpy_byteorder(DType d);
// Registers the numpy and numpy.random modules (convert.cpp's register_torch_types calls it).
void register_numpy_module();

}  // namespace kiln::vm::bind

namespace kiln::numpy {

// np.set_printoptions: the values NumPy starts with.
struct PrintOptions {
    int precision = 8;
    int64_t threshold = 1000;
    int64_t edgeitems = 3;
    int64_t linewidth = 75;
    bool suppress = false;
};
PrintOptions& print_options();

const char* dtype_name(DType dt);      // "float64", "int64", "bool"
// array([1., 2.]), array([1, 2], dtype=...), ...; a subclass prints its own name (memmap([1, 2], dtype=uint16))
std::string array_repr(const Tensor& t, const std::string& prefix = "array(");
std::string array_str(const Tensor& t);   // [1. 2.]
std::string scalar_repr(const Tensor& t); // np.float64(1.5), np.int64(3), np.True_ (a 0-d tensor)
std::string scalar_str(const Tensor& t);  // 1.5, 3, True

}  // namespace kiln::numpy
