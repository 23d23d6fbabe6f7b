# badinput: a lone starred index is a one-element tuple (PEP 646)
# expect-exit: 0
# expect-stdout: {(1, 2): 3} 3 3
d = {}
ks = [1, 2]
d[*ks] = 3
print(d, d[*ks], d[(1, 2)])
