# np.promote_types / np.result_type / np.can_cast, as data pipelines pick buffer dtypes
# (`np.result_type(*arrays)` before np.empty, `np.can_cast(x.dtype, np.float32)` checks): NumPy 2's
# promotion table for the dtypes Kiln's arrays have, NEP 50's weak Python scalars in result_type,
# the casting levels of can_cast and its refusal of Python scalars.
import numpy as np

dts = [np.bool_, np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.int64, np.float16, np.float32, np.float64]
for a in dts:
    print(np.dtype(a).name, [np.promote_types(a, b).name for b in dts])
print(np.promote_types('U3', 'U7'), np.promote_types('<U5', 'U2'), np.promote_types('f4', 'i4'))
print(np.result_type(np.int8, 1), np.result_type(np.int8, 1.0), np.result_type(1, 2.0), np.result_type(True, 1),
      np.result_type(3), np.result_type(2.5), np.result_type(False))
print(np.result_type(np.zeros(2, np.float32), np.float16(1)), np.result_type(np.arange(3), 1.5),
      np.result_type(np.bool_, np.uint8), np.result_type(np.zeros(1, np.uint8), np.zeros(1, np.int8), 7))
print(np.result_type(np.float32, 2.0), np.result_type(np.uint16, -1), np.result_type('i2', 'f2', np.zeros(0, np.uint8)))
for casting in ('no', 'equiv', 'safe', 'same_kind', 'unsafe'):
    print(casting, [np.can_cast(f, t, casting) for f, t in [(np.int8, np.int16), (np.int64, np.float32), ('f8', 'f4'),
          ('i8', 'u1'), ('u1', 'i2'), (np.float32, np.int32), ('i4', 'i4'), (np.bool_, np.float16), ('u4', 'i4'),
          ('u2', 'f4'), ('i8', 'f8'), ('f2', 'i8')]])
print(np.can_cast(np.zeros(2, np.int32), np.int64), np.can_cast(np.float32(1), np.float16), np.can_cast('U3', 'U5'),
      np.can_cast('U5', 'U3'), np.can_cast('U5', 'U3', 'same_kind'))
for bad in (lambda: np.can_cast(1, np.int8), lambda: np.can_cast(np.int8, np.int16, 'sometimes'), lambda: np.result_type()):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
