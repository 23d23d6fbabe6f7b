# Exceptions through several frames, except tuples, isinstance with tuples, handlers in loops.
def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n == 1:
        raise KeyError("one")
    if n == 2:
        raise TypeError("two")
    if n == 3:
        return [][n]
    return n * 2
def middle(n):
    return risky(n) + 1
def top(n):
    try:
        return "ok " + str(middle(n))
    except (ValueError, KeyError) as e:
        return "handled " + type(e).__name__ + " " + str(e)
for n in range(6):
    try:
        print(n, top(n))
    except (TypeError, IndexError) as e:
        print(n, "escaped", repr(e), isinstance(e, (TypeError, LookupError)))
results = []
for n in range(5):
    try:
        middle(n)
        results.append("fine")
    except Exception as e:
        if isinstance(e, (KeyError, IndexError)):
            results.append("lookup")
        elif isinstance(e, ValueError):
            results.append("value")
        else:
            results.append("other")
            continue
        results.append("after")
print(results)
def cleanup_chain(depth):
    try:
        if depth == 0:
            raise RuntimeError("bottom")
        cleanup_chain(depth - 1)
    finally:
        print("unwind", depth)
try:
    cleanup_chain(3)
except RuntimeError as e:
    print("top caught", e)
caught = []
for v in ["1", "x", "3", None]:
    try:
        caught.append(int(v))
    except (ValueError, TypeError) as e:
        caught.append(type(e).__name__)
print(caught)
