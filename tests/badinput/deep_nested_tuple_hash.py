# badinput: hashing a tuple nested 100000 deep: CPython 3.12's tuplehash has no recursion check and finishes; Kiln too (the C stack guard stays for deeper or sanitized runs)
# expect-exit: 0
# expect-stdout: hashed
t = ()
for i in range(100000):
    t = (t,)
hash(t)
print("hashed")
