# torch.hub for Kiln: PyTorch's hub steps with Kiln's offline network. get_dir/set_dir follow
# TORCH_HOME / XDG_CACHE_HOME as PyTorch does; list/help/load of a local directory (source="local",
# or a GitHub repository already in the hub cache) import its hubconf.py, check its `dependencies`
# and call the entry point; a GitHub repository or a weights URL that is not cached goes to the
# network through urllib, which fails as offline CPython does (URLError, or PyTorch's "no internet
# connection" RuntimeError when the default branch cannot be probed). load_state_dict_from_url loads a
# file already in <hub dir>/checkpoints with torch.load. Programs reach it as torch.hub.* (DINO's
# argument parser lists facebookresearch/xcit's entry points; model zoos load pretrained weights).
import contextlib
import importlib
import os
import re
import sys
import warnings
from urllib.error import HTTPError, URLError
from urllib.parse import urlparse
from urllib.request import Request, urlopen

import torch

# PyTorch's torch.hub imports tqdm (the progress bar of its downloads); torch.utils.model_zoo and
# torchvision take it from here.
from tqdm import tqdm  # noqa: F401

# The hash prefix in a weights file name (resnet18-f37072fd.pth), checked when check_hash=True;
# timm's hub helpers import it.
HASH_REGEX = re.compile(r"-([a-f0-9]*)\.")

__all__ = ["download_url_to_file", "get_dir", "help", "list", "load", "load_state_dict_from_url", "set_dir"]

_builtin_list = list

ENV_GITHUB_TOKEN = "GITHUB_TOKEN"
ENV_TORCH_HOME = "TORCH_HOME"
ENV_XDG_CACHE_HOME = "XDG_CACHE_HOME"
DEFAULT_CACHE_DIR = "~/.cache"
VAR_DEPENDENCY = "dependencies"
MODULE_HUBCONF = "hubconf.py"
_TRUSTED_REPO_OWNERS = ("facebookresearch", "facebookincubator", "pytorch", "fairinternal")

_hub_dir = None


def _get_torch_home():
    return os.path.expanduser(os.getenv(ENV_TORCH_HOME, os.path.join(os.getenv(ENV_XDG_CACHE_HOME, DEFAULT_CACHE_DIR),
                                                                     "torch")))


def get_dir():
    if os.getenv("TORCH_HUB"):
        warnings.warn("TORCH_HUB is deprecated, please use env TORCH_HOME instead")
    if _hub_dir is not None:
        return _hub_dir
    return os.path.join(_get_torch_home(), "hub")


def set_dir(d):
    global _hub_dir
    _hub_dir = os.path.expanduser(d)


@contextlib.contextmanager
def _add_to_sys_path(path):
    sys.path.insert(0, path)
    try:
        yield
    finally:
        sys.path.remove(path)


def _import_hubconf(repo_dir):
    # PyTorch's _import_module: a fresh module run from the file on every call (never cached in
    # sys.modules), with the repository on sys.path while it runs so it can import its own modules
    import types
    path = os.path.join(repo_dir, MODULE_HUBCONF)
    with open(path) as f:
        source = f.read()
    module = types.ModuleType("hubconf")
    module.__file__ = path
    with _add_to_sys_path(repo_dir):
        exec(compile(source, path, "exec"), module.__dict__)
    return module


def _load_attr_from_module(module, func_name):
    if func_name not in dir(module):
        return None
    return getattr(module, func_name)


def _check_module_exists(name):
    import importlib.util
    return importlib.util.find_spec(name) is not None


def _check_dependencies(m):
    dependencies = _load_attr_from_module(m, VAR_DEPENDENCY)
    if dependencies is not None:
        missing_deps = [pkg for pkg in dependencies if not _check_module_exists(pkg)]
        if len(missing_deps):
            raise RuntimeError(f"Missing dependencies: {', '.join(missing_deps)}")


def _load_entry_from_hubconf(m, model):
    if not isinstance(model, str):
        raise ValueError("Invalid input: model should be a string of function name")
    _check_dependencies(m)
    func = _load_attr_from_module(m, model)
    if func is None or not callable(func):
        raise RuntimeError(f"Cannot find callable {model} in hubconf")
    return func


def _parse_repo_info(github):
    if ":" in github:
        repo_info, ref = github.split(":")
    else:
        repo_info, ref = github, None
    repo_owner, repo_name = repo_info.split("/")
    if ref is None:
        # main or master: probed on GitHub, else (offline) whichever the cache holds
        try:
            with urlopen(f"https://github.com/{repo_owner}/{repo_name}/tree/main/"):
                ref = "main"
        except HTTPError as e:
            if e.code == 404:
                ref = "master"
            else:
                raise
        except URLError as e:
            for possible_ref in ("main", "master"):
                if os.path.exists(f"{get_dir()}/{repo_owner}_{repo_name}_{possible_ref}"):
                    ref = possible_ref
                    break
            if ref is None:
                raise RuntimeError("It looks like there is no internet connection and the "
                                   f"repo could not be found in the cache ({get_dir()})") from e
    return repo_owner, repo_name, ref


def _read_url(url):
    with urlopen(url) as r:
        return r.read().decode(r.headers.get_content_charset("utf-8"))


def _validate_not_a_forked_repo(repo_owner, repo_name, ref):
    import json
    headers = {"Accept": "application/vnd.github.v3+json"}
    token = os.environ.get(ENV_GITHUB_TOKEN)
    if token is not None:
        headers["Authorization"] = f"token {token}"
    for url_prefix in (f"https://api.github.com/repos/{repo_owner}/{repo_name}/branches",
                       f"https://api.github.com/repos/{repo_owner}/{repo_name}/tags"):
        page = 0
        while True:
            page += 1
            url = f"{url_prefix}?per_page=100&page={page}"
            response = json.loads(_read_url(Request(url, headers=headers)))
            if not response:
                break
            for br in response:
                if br["name"] == ref or br["commit"]["sha"].startswith(ref):
                    return
    raise ValueError(f"Cannot find {ref} in https://github.com/{repo_owner}/{repo_name}. "
                     "If it's a commit from a forked repo, please call hub.load() with forked repo directly.")


def _check_repo_is_trusted(repo_owner, repo_name, owner_name_branch, trust_repo, calling_fn="load"):
    hub_dir = get_dir()
    filepath = os.path.join(hub_dir, "trusted_list")
    trusted_repos = ()
    if os.path.exists(filepath):
        with open(filepath) as file:
            trusted_repos = tuple(line.strip() for line in file)
    trusted_repos_legacy = [d for d in os.listdir(hub_dir) if os.path.isdir(os.path.join(hub_dir, d))] \
        if os.path.isdir(hub_dir) else []
    owner_name = "_".join([repo_owner, repo_name])
    is_trusted = (owner_name in trusted_repos or owner_name_branch in trusted_repos_legacy
                  or repo_owner in _TRUSTED_REPO_OWNERS)
    if trust_repo is None:
        if not is_trusted:
            warnings.warn(
                "You are about to download and run code from an untrusted repository. In a future release, this "
                "won't be allowed. To add the repository to your trusted list, change the command to "
                f"{calling_fn}(..., trust_repo=False) and a command prompt will appear asking for an explicit "
                f"confirmation of trust, or {calling_fn}(..., trust_repo=True), which will assume that the prompt "
                f"is to be answered with 'yes'. You can also use {calling_fn}(..., trust_repo='check') which will "
                "only prompt for confirmation if the repo is not already trusted. This will eventually be the "
                "default behaviour")
        return
    if trust_repo is False or (trust_repo == "check" and not is_trusted):
        raise RuntimeError(f"torch.hub: confirming trust in {owner_name} needs an interactive prompt, which Kiln "
                           "programs do not have: pass trust_repo=True")


def _get_cache_or_reload(github, force_reload, trust_repo, calling_fn, verbose=True, skip_validation=False):
    hub_dir = get_dir()
    os.makedirs(hub_dir, exist_ok=True)
    repo_owner, repo_name, ref = _parse_repo_info(github)
    normalized_br = ref.replace("/", "_")
    owner_name_branch = "_".join([repo_owner, repo_name, normalized_br])
    repo_dir = os.path.join(hub_dir, owner_name_branch)
    _check_repo_is_trusted(repo_owner, repo_name, owner_name_branch, trust_repo=trust_repo, calling_fn=calling_fn)
    use_cache = (not force_reload) and os.path.exists(repo_dir)
    if use_cache:
        if verbose:
            sys.stderr.write(f"Using cache found in {repo_dir}\n")
        return repo_dir
    import shutil
    import zipfile
    cached_file = os.path.join(hub_dir, normalized_br + ".zip")
    _remove_if_exists(cached_file)
    if not skip_validation:
        _validate_not_a_forked_repo(repo_owner, repo_name, ref)
    url = f"https://github.com/{repo_owner}/{repo_name}/zipball/{ref}"
    sys.stderr.write(f'Downloading: "{url}" to {cached_file}\n')
    download_url_to_file(url, cached_file, progress=False)
    with zipfile.ZipFile(cached_file) as cached_zipfile:
        extracted_repo = os.path.join(hub_dir, cached_zipfile.infolist()[0].filename)
        _remove_if_exists(extracted_repo)
        cached_zipfile.extractall(hub_dir)
    _remove_if_exists(cached_file)
    _remove_if_exists(repo_dir)
    shutil.move(extracted_repo, repo_dir)
    return repo_dir


def _remove_if_exists(path):
    import shutil
    if os.path.exists(path):
        if os.path.isfile(path):
            os.remove(path)
        else:
            shutil.rmtree(path)


def list(github, force_reload=False, skip_validation=False, trust_repo=None, verbose=True):
    repo_dir = _get_cache_or_reload(github, force_reload, trust_repo, "list", verbose=verbose,
                                    skip_validation=skip_validation)
    hub_module = _import_hubconf(repo_dir)
    return [f for f in dir(hub_module) if callable(getattr(hub_module, f)) and not f.startswith("_")]


def help(github, model, force_reload=False, skip_validation=False, trust_repo=None):
    repo_dir = _get_cache_or_reload(github, force_reload, trust_repo, "help", verbose=True,
                                    skip_validation=skip_validation)
    entry = _load_entry_from_hubconf(_import_hubconf(repo_dir), model)
    return entry.__doc__


def _load_local(hubconf_dir, model, *args, **kwargs):
    entry = _load_entry_from_hubconf(_import_hubconf(hubconf_dir), model)
    with _add_to_sys_path(hubconf_dir):
        return entry(*args, **kwargs)


def load(repo_or_dir, model, *args, source="github", trust_repo=None, force_reload=False, verbose=True,
         skip_validation=False, **kwargs):
    source = source.lower()
    if source not in ("github", "local"):
        raise ValueError(f'Unknown source: "{source}". Allowed values: "github" | "local".')
    if source == "github":
        repo_or_dir = _get_cache_or_reload(repo_or_dir, force_reload, trust_repo, "load", verbose=verbose,
                                           skip_validation=skip_validation)
    return _load_local(repo_or_dir, model, *args, **kwargs)


def download_url_to_file(url, dst, hash_prefix=None, progress=True):
    # offline, only file: URLs open; their bytes are copied to dst (hash_prefix checked as PyTorch does)
    req = Request(url, headers={"User-Agent": "torch.hub"})
    with urlopen(req) as u:
        data = u.read()
    if hash_prefix is not None:
        import hashlib
        digest = hashlib.sha256(data).hexdigest()
        if digest[:len(hash_prefix)] != hash_prefix:
            raise RuntimeError(f'invalid hash value (expected "{hash_prefix}", got "{digest}")')
    with open(os.path.expanduser(dst), "wb") as f:
        f.write(data)


def load_state_dict_from_url(url, model_dir=None, map_location=None, progress=True, check_hash=False, file_name=None,
                             weights_only=False):
    if os.getenv("TORCH_MODEL_ZOO"):
        warnings.warn("TORCH_MODEL_ZOO is deprecated, please use env TORCH_HOME instead")
    if model_dir is None:
        model_dir = os.path.join(get_dir(), "checkpoints")
    os.makedirs(model_dir, exist_ok=True)
    parts = urlparse(url)
    filename = os.path.basename(parts.path)
    if file_name is not None:
        filename = file_name
    cached_file = os.path.join(model_dir, filename)
    if not os.path.exists(cached_file):
        sys.stderr.write(f'Downloading: "{url}" to {cached_file}\n')
        hash_prefix = None
        if check_hash:
            r = HASH_REGEX.search(filename)
            hash_prefix = r.group(1) if r else None
        download_url_to_file(url, cached_file, hash_prefix, progress=progress)
    return torch.load(cached_file, map_location=map_location, weights_only=weights_only)
