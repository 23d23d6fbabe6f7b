# numpy.linalg's dense routines as data-preparation and analysis code calls them: inv / det / slogdet /
# solve (vector and matrix right-hand sides), cholesky, eigh / eigvalsh (PCA and ZCA whitening of a
# covariance), svd (full, reduced, values only), qr modes, pinv, matrix_rank, lstsq (full-rank,
# several right-hand sides, rank-deficient), matrix_power (integer Fibonacci, negative powers),
# multi_dot, norm with every vector / matrix ord, axis and keepdims, cond; NumPy 2's named results and
# LinAlgError / ValueError texts. Eigen- and singular vectors are printed as absolute values (their signs
# are LAPACK's choice) and values with 5 digits.
import numpy as np

np.set_printoptions(precision=5, suppress=True)
rs = np.random.RandomState(0)
a = rs.randn(4, 4)
spd = a @ a.T + 4 * np.eye(4)
b = rs.randn(4)
B = rs.randn(4, 2)
print(np.linalg.inv(a))
print(round(float(np.linalg.det(a)), 10), type(np.linalg.det(a)).__name__, np.linalg.det(np.eye(2, dtype=int)))
res = np.linalg.slogdet(a)
print(type(res).__name__, res.sign, round(float(res.logabsdet), 10))
print(np.linalg.solve(a, b), np.linalg.solve(a, B))
print(np.linalg.cholesky(spd))
print(np.linalg.cholesky(spd, upper=True)[0])
res = np.linalg.eigh(spd)
print(type(res).__name__, res.eigenvalues, np.abs(res.eigenvectors))
print(np.linalg.eigvalsh(spd, UPLO="U"))
res = np.linalg.svd(rs.randn(5, 3))
print(type(res).__name__, res.U.shape, res.S, res.Vh.shape)
u, s, vh = np.linalg.svd(rs.randn(5, 3), full_matrices=False)
print(u.shape, s, vh.shape, np.allclose(u.T @ u, np.eye(3)))
print(np.linalg.svd(a, compute_uv=False))
q, r = np.linalg.qr(rs.randn(5, 3))
print(type(np.linalg.qr(a)).__name__, q.shape, np.abs(r))
print(np.linalg.qr(rs.randn(3, 5), mode="r").shape, np.linalg.qr(rs.randn(5, 3), mode="complete")[0].shape)
m = rs.randn(5, 3)
print(np.linalg.pinv(m))
print(np.linalg.pinv(np.array([[1, 2], [2, 4]])))
print(np.linalg.matrix_rank(np.array([[1, 2], [2, 4]])), np.linalg.matrix_rank(np.eye(3)), np.linalg.matrix_rank(np.zeros(3)))
x, res, rank, sv = np.linalg.lstsq(m, rs.randn(5), rcond=None)
print(x, res, rank, sv)
x, res, rank, sv = np.linalg.lstsq(m, rs.randn(5, 2), rcond=None)
print(x, res, rank, sv)
x, res, rank, sv = np.linalg.lstsq(np.array([[1.0, 2], [2, 4], [3, 6]]), np.array([1.0, 2, 3]), rcond=None)
print(x, res, rank, sv)
print(np.linalg.matrix_power(np.array([[1, 1], [1, 0]]), 10), np.linalg.matrix_power(a, -2)[0], np.linalg.matrix_power(a, 0))
print(round(float(np.linalg.multi_dot([rs.randn(3), rs.randn(3, 4), rs.randn(4)])), 10))
x = rs.randn(3, 4)
for o in [None, 1, 2, np.inf, -np.inf, 0, 3, -1]:
    print("vec", o, round(float(np.linalg.norm(x[0], ord=o)), 10), np.linalg.norm(x, ord=o, axis=1))
for o in [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf]:
    print("mat", o, round(float(np.linalg.norm(x, ord=o)), 10), np.linalg.norm(x, ord=o, keepdims=True).shape)
print(np.linalg.norm(rs.randn(2, 3, 4), axis=(0, 2)), np.linalg.norm([3, 4]), np.linalg.norm(np.arange(6).reshape(2, 3), axis=0))
print(round(float(np.linalg.cond(a)), 8), round(float(np.linalg.cond(a, 1)), 8), round(float(np.linalg.cond(a, "fro")), 8))

# PCA and ZCA whitening of patches, the way data code whitens inputs
patches = rs.rand(200, 6).astype(np.float32)
patches -= patches.mean(axis=0)
cov = patches.T @ patches / len(patches)
w, v = np.linalg.eigh(cov)
zca = v @ np.diag(1.0 / np.sqrt(w + 1e-5)) @ v.T
white = patches @ zca
print(w.dtype, zca.dtype, np.round(np.cov(white, rowvar=False), 3)[0])
u, s, vt = np.linalg.svd(patches, full_matrices=False)
print(s.dtype, np.round(s ** 2 / np.sum(s ** 2), 4))

for bad in [lambda: np.linalg.inv(np.zeros((2, 2))), lambda: np.linalg.inv(np.ones(3)), lambda: np.linalg.inv(np.ones((2, 3))),
            lambda: np.linalg.cholesky(-np.eye(2)), lambda: np.linalg.solve(np.zeros((2, 2)), np.ones(2)),
            lambda: np.linalg.norm(x, ord="bad"), lambda: np.linalg.norm(x[0], ord="fro"), lambda: np.linalg.norm(x, axis=(0, 0)),
            lambda: np.linalg.norm(rs.randn(2, 2, 2), ord=2), lambda: np.linalg.eigh(a, UPLO="X")]:
    try:
        bad()
    except (np.linalg.LinAlgError, ValueError) as e:
        print(type(e).__name__, e)
print(issubclass(np.linalg.LinAlgError, Exception), np.linalg.inv(np.eye(2, dtype=np.float32)).dtype)
