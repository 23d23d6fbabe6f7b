# The global statement and module-level state.
counter = 0
names = []
def bump():
    global counter
    counter += 1
    return counter
def record(n):
    names.append(n)
def reset():
    global counter, names
    counter = 0
    names = []
for k in range(3):
    bump()
    record("n" + str(k))
print(counter, names)
reset()
print(counter, names)
def make_global():
    global created
    created = "made"
make_global()
print(created)
def read_only():
    return counter + 100
print(read_only())
def shadow():
    counter = 50
    return counter
print(shadow(), counter)
