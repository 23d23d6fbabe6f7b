def safe_div(a, b):
    try:
        result = a / b
    except ZeroDivisionError as e:
        raise ValueError(f"cannot divide {a} by zero") from e
    except (TypeError, KeyError):
        raise
    else:
        return result
    finally:
        print("done")


try:
    safe_div(1, 0)
except ValueError as err:
    print("caught:", err)
assert safe_div(4, 2) == 2.0, "division is broken"
