# Ends with an uncaught NameError for a standard-library module that was never imported: CPython
# 3.12 adds "Did you forget to import 'json'?" to the printed exception line.
def save(record):
    print("saving", sorted(record))
    return json.dumps(record)


print("start")
save({'epoch': 1, 'loss': 0.5})
