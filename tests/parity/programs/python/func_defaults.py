# Default arguments: evaluated once at definition, keyword calls.
def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct
print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", punct="?"))
print(greet(punct=".", name="Di", greeting="Yo"))
def append_to(item, target=[]):
    target.append(item)
    return target
print(append_to(1))
print(append_to(2))
print(append_to(3, []))
print(append_to(4))
def safe_append(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target
print(safe_append(1), safe_append(2))
base = 10
def uses_base(x, b=base):
    return x + b
base = 1000
print(uses_base(1), uses_base(1, 2))
def count_calls(d={}):
    d['n'] = d.get('n', 0) + 1
    return d['n']
print(count_calls(), count_calls(), count_calls({}), count_calls())
def many(a, b=2, c=3, d=4):
    return [a, b, c, d]
print(many(1), many(1, 20), many(1, d=40), many(1, 2, 3, 4), many(a=0, c=30))
def no_return():
    pass
print(no_return())
def early(x):
    if x > 0:
        return "positive"
    return
print(early(1), early(-1))
def multi():
    return 1, "two", 3.0
r = multi()
print(r, type(r).__name__)
