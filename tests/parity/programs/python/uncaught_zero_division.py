# Ends with an uncaught ZeroDivisionError after a handled one.
def ratio(a, b):
    return a / b
def safe_ratio(a, b):
    try:
        return ratio(a, b)
    except ZeroDivisionError as e:
        print("handled:", e)
        return None
print(safe_ratio(1, 4), safe_ratio(1, 0))
values = [4, 2, 1, 0]
for v in values:
    print("12 //", v, "=", 12 // v)
