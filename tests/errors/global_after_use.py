# error: 4:5: name 'total' is used prior to global declaration
def f():
    print(total)
    global total
