# Ends with an uncaught NameError whose name is both close to a global and a standard-library
# module: CPython 3.12 prints "Did you mean: 'maths'? Or did you forget to import 'math'?".
maths = [1.0, 4.0, 9.0]
print("values", maths)
print(math.sqrt(maths[1]))
