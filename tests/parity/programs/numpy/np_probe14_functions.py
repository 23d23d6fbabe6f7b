# The NumPy functions real programs reach for that Kiln's numpy lacked (probe 14): the float binary
# ufuncs (nextafter, arctan2, hypot, copysign, fmod with its integer loop, logaddexp/logaddexp2,
# heaviside) as ufuncs with reduce, the degree/radian and inverse hyperbolic unary ufuncs,
# convolve's three modes (the moving average of RL score plots), take_along_axis/put_along_axis
# after argsort, take, flatnonzero, divmod, modf, signbit, sinc, trapezoid, polyval, cross, select,
# apply_along_axis and vectorize (elements reach the function as Python scalars); NumPy 2's copy
# keyword of np.array (False never copies and raises where it must, None copies only when needed).
import numpy as np
print(np.nextafter(np.float32(0), np.float32(1)), np.nextafter(1.0, 2.0), np.nextafter(np.float32(1), 2))
print(np.arctan2(1.0, -1.0), np.arctan2(np.array([1, -1]), 2), np.arctan2(np.float32(1), np.float32(3)))
print(np.hypot(3, 4), np.copysign(2, -0.0), np.fmod(np.array([7, -7]), 3), np.fmod(-7.5, 2), np.fmod(np.array([5]), 0))
print(np.logaddexp(1000.0, 1000.0), np.logaddexp(np.array([0.0, 1.0]), 2.0), np.logaddexp2(3.0, 3.0), np.heaviside(np.array([-1.0, 0.0, 2.0]), 0.5))
print(np.degrees(np.pi), np.radians(180), np.deg2rad(np.float32(90)), np.arcsinh(1.0), np.arctanh(0.5))
x = np.arange(10.0)
print(np.convolve(x, np.ones(3) / 3, mode='valid'))
print(np.convolve([1, 2, 3], [0, 1, 0.5]), np.convolve([1, 2, 3], [0, 1, 0.5], 'same'), np.convolve([1, 2, 3, 4], [1, 1], 'same'))
a = np.array([[10, 30, 20], [60, 40, 50]])
i = np.argsort(a, axis=1)
print(np.take_along_axis(a, i, axis=1), np.take_along_axis(a, np.argmax(a, axis=0)[None, :], axis=0))
np.put_along_axis(a, np.array([[0], [2]]), 99, axis=1); print(a)
print(np.take(np.array([4, 3, 5, 7]), [0, 1, 3]), np.take(a, [2, 0], axis=1))
print(np.flatnonzero(np.array([[0, 1], [2, 0]])), np.divmod(np.array([7, -7]), 2), np.modf(np.array([-3.5, 2.25])), np.modf(1.5))
print(np.signbit(np.array([-1.0, 0.0, -0.0, 3])), np.sinc(np.array([0.0, 0.5, 1.0])))
print(np.trapezoid([1, 2, 3]), np.trapezoid([1, 2, 3], x=[0, 1, 3]), np.trapezoid(np.ones((2, 3)), axis=0))
print(np.polyval([3, 0, 1], 5), np.polyval([1, 2], np.array([1.0, 2.0])))
print(np.cross([1, 0, 0], [0, 1, 0]), np.cross(np.array([[1, 2, 3]]), np.array([[4, 5, 6]])))
xs = np.arange(6)
print(np.select([xs < 2, xs > 3], [xs, xs ** 2], default=-1))
print(np.apply_along_axis(lambda r: r.sum(), 1, np.arange(6).reshape(2, 3)), np.apply_along_axis(lambda r: r * 2, 0, np.arange(6).reshape(2, 3)))
f = np.vectorize(lambda a, b: a - b if a > b else a + b)
print(f([1, 2, 3, 4], 2), np.vectorize(lambda v: v * 1.5, otypes=[float])(np.arange(3)), np.vectorize(abs)(-3))
print(np.add.reduce(np.array([1, 2])), np.logaddexp.reduce(np.array([0.0, 0.0])))
print(np.nextafter(np.float32(0), np.float32(1)) > 0, np.finfo(np.float32).max)
print(np.arctan2.__name__, np.logaddexp.identity, np.hypot.reduce(np.array([3.0, 4.0, 12.0])))
try:
    np.convolve([], [1])
except ValueError as e:
    print("ValueError:", e)
try:
    np.take_along_axis(np.zeros((2, 2)), np.zeros(2, dtype=int), axis=1)
except ValueError as e:
    print("ValueError:", e)
import numpy as np
a = np.arange(3.0)
b = np.array(a, copy=False); b[0] = 9; print(a, b is a)
c = np.array(a, copy=None); print(c is a, np.array(a) is a, np.array(a, dtype=np.float32, copy=None).dtype)
d = np.array(a, copy=False, ndmin=2); d[0, 1] = 7; print(a, d.shape)
for obj in ([1, 2], (3,), 5.0):
    try:
        np.array(obj, copy=False)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.array(a, dtype=np.int64, copy=False)
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])
print(np.array([1, 2], copy=None))
