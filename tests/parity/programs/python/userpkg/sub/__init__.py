# userpkg.sub: a subpackage (reaches its parent's modules with `..`).
