# Matrix multiply/transpose with lists, and word counting with dicts.
def matmul(a, b):
    rows, inner, cols = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(inner)) for j in range(cols)] for i in range(rows)]
def transpose(m):
    return [list(col) for col in zip(*m)]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
A = [[1, 2, 3], [4, 5, 6]]
B = [[7, 8], [9, 10], [11, 12]]
print(matmul(A, B))
print(transpose(A), transpose(transpose(A)) == A)
print(matmul(identity(2), [[2, 3], [4, 5]]), identity(3))
F = [[0.5, 1.5], [-1.0, 2.0]]
print(matmul(F, F))
P = [[1, 1], [1, 0]]
R = identity(2)
for _ in range(10):
    R = matmul(R, P)
print("fib via matrix:", R)
for row in matmul(B, A):
    print(" ".join([f"{v:4d}" for v in row]))
text = """the cat sat on the mat
The dog sat on the log
and the cat saw the dog"""
counts = {}
for line in text.splitlines():
    for word in line.lower().split():
        counts[word] = counts.get(word, 0) + 1
print(counts)
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
print(top)
for word, c in top:
    print(f"{word:<6}{c:>3} " + "#" * c)
lengths = {}
for word in counts:
    lengths.setdefault(len(word), []).append(word)
print({k: sorted(v) for k, v in sorted(lengths.items())})
print(len(counts), sum(counts.values()), max(counts, key=lambda w: counts[w]))
