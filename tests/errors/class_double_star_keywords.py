# error: 2:11: '**' in a class's keyword arguments is not supported in Kiln
class Net(**opts):
    pass
