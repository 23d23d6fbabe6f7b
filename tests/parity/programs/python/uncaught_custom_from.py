# Ends with an uncaught custom exception raised with 'from' inside an except block.
class ConfigError(Exception):
    def __init__(self, key):
        super().__init__("missing config key: " + key)
        self.key = key
def load(cfg, key):
    try:
        return cfg[key]
    except KeyError as e:
        raise ConfigError(key) from e
cfg = {'lr': 0.01, 'epochs': 3}
for k in ['lr', 'epochs']:
    print(k, load(cfg, k))
try:
    load(cfg, 'batch')
except ConfigError as e:
    print("handled once:", e, "| key:", e.key, "| cause:", repr(e.__cause__))
print("now without a handler")
load(cfg, 'momentum')
