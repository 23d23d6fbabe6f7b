def inner(n):
    if n > 2:
        raise ValueError(f"bad value {n}")


def outer():
    inner(3)


print("before")
outer()
