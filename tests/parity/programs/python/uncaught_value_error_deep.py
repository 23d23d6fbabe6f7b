# Ends with an uncaught ValueError raised three frames deep; finally blocks still print.
def validate(v):
    print("validate", v)
    if v > 2:
        raise ValueError("bad value " + str(v))
    return v * 10
def process(items):
    out = []
    for v in items:
        out.append(validate(v))
        print("so far", out)
    return out
def main():
    try:
        return process([1, 2, 3, 4])
    finally:
        print("main cleanup")
print("start")
print(process([0]))
main()
print("never printed")
