counter_total = 0


def make_counter(step=1):
    count = 0

    def bump():
        nonlocal count
        global counter_total
        count += step
        counter_total += step
        return count

    return bump


c = make_counter(2)
squares = [x * x for x in range(10) if x % 2 == 0]
pairs = [(i, j) for i in range(3) for j in range(i)]
table = {k: v for k, v in zip("abc", range(3))}
key = sorted(squares, key=lambda v: -v)[0]
total = sum(x for x in squares)
first, *rest = squares
matrix = [[0] * 3 for _ in range(2)]
matrix[1][2:] = [7]
del matrix[0]
print(c(), c(), key, total, first, rest[::-1], table.get("b", None), ...)
