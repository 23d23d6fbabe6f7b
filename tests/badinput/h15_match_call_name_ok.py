# badinput: `match` used as an ordinary name (a function called match, subscripted, assigned) still runs: only a line ending in ':' outside brackets is the statement
# expect-exit: 0
# expect-stdout: (1, 2)|[5]|{1: 2}
def match(*a):
    return a
a = match(1, 2)
match = [5]
b = match[0:1]
match = {1: 2}
print(a, b, match, sep="|")
