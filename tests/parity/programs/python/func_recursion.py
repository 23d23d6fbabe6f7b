# Recursion: fib, factorial, hanoi, mutual recursion, recursion on lists.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(15)])
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print([fact(i) for i in range(13)])
print(fact(20))
moves = []
def hanoi(n, src, dst, via):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst)
    moves.append(src + "->" + dst)
    hanoi(n - 1, via, dst, src)
hanoi(3, "A", "C", "B")
print(len(moves), moves)
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))
def flatten(x):
    if isinstance(x, (list, tuple)):
        out = []
        for item in x:
            out.extend(flatten(item))
        return out
    return [x]
print(flatten([1, [2, [3, (4, 5)], []], [[6]]]))
def depth(x):
    if not isinstance(x, list):
        return 0
    return 1 + max([depth(i) for i in x], default=0)
print(depth([]), depth([1, [2, [3]]]), depth(5))
memo = {}
def fib_memo(n):
    if n in memo:
        return memo[n]
    r = n if n < 2 else fib_memo(n - 1) + fib_memo(n - 2)
    memo[n] = r
    return r
print(fib_memo(90))
def power_set(items):
    if not items:
        return [[]]
    rest = power_set(items[1:])
    return rest + [[items[0]] + r for r in rest]
print(power_set(['a', 'b', 'c']))
