# A comprehension in the element of a filtered comprehension: [[int(x) for x in line.split(sep)] for
# line in lines if line.strip()] (a CSV reader's rows, rixwew/pytorch-fm's data stand-in). Each
# comprehension compiles to its own function; the filters' jumps of the outer one must stay in it.
lines = ["1,2", "", "3,4", "  ", "5"]
print([[int(x) for x in line.split(",")] for line in lines if line.strip()])
print([[y for y in x] for x in ["ab", "", "c"] if x])
print([[y for y in x if y != "b"] for x in ["ab", "", "cb"] if x if len(x) > 1])
print({k: sorted({c for c in k if c > "a"}) for k in ["abc", "", "ba"] if k})
print([list(y * 2 for y in x if y) for x in [[0, 1], [], [2, 0, 3]] if x])
print([sum(v for v in row if v > 0) for row in [[1, -2, 3], [-1], [4, 5]] if any(v > 0 for v in row)])
print(list(g for g in ([i for i in range(n) if i % 2] for n in range(6) if n > 2)))
print([[(i, j) for j in range(i) if j] for i in range(4) if i % 2 == 1])


def rows(text, sep):
    return [[float(x) for x in line.split(sep) if x] for line in text.splitlines() if line and not line.startswith("#")]


print(rows("# header\n1;2;\n\n3;;4\n", ";"))
