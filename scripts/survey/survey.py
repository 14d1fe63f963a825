#!/usr/bin/env python3
"""The survey of docs/real-world.md: generate, build and serve real WCF projects nobody here chose.

For each project of the list (scripts/survey/projects.txt): a fresh copy of its repository at the listed commit,
`migrate-wcf generate <inputs> --out <dir> --runtime-project <runtime> [--restore]` (verification on), `dotnet build` of
the output, every compiler error compared with generate's error findings (file and line), and, where it builds, its
host started on a private Unix socket (`--MigrateWcf:SocketOnly true`) and every rpc of the emitted .proto files
called once with an empty request by a C-core client (python3-grpcio): an rpc "serves" unless it answers UNIMPLEMENTED.

Not run by CI: the sources are public GitHub repositories, which this machine reaches only through a mirror. Give it
a folder of git directories or of extracted trees (`--mirrors`, one `owner+name` entry per repository).

  python3 scripts/survey/survey.py scripts/survey/projects.txt --tool <migrate-wcf.dll> \
      --runtime-project runtime/MigrateWcf.Runtime.csproj --mirrors /work/.mirror --work /tmp/survey [--only id,id]
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FINDING = re.compile(r"^(?P<path>\S.*?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info) (?P<code>[A-Z]+\d+): (?P<msg>.*)$")
FINDING_NO_POSITION = re.compile(r"^(?:(?P<path>\S.*?): )?(?P<sev>error) (?P<code>WCFM\d+|CS\d+|NU\d+): (?P<msg>.*)$")
COMPILER_ERROR = re.compile(r"^\s*(?P<path>[^(\s][^(]*?)\((?P<line>\d+),(?P<col>\d+)\): error (?P<code>\w+): (?P<msg>.*?)(?: \[[^\]]*\])?$")
BUILD_ERROR_NO_POSITION = re.compile(r"^\s*(?P<path>\S[^:]*?) : error (?P<code>\w+): (?P<msg>.*?)(?: \[[^\]]*\])?$")
# A package the feed lacks: NuGet's own codes, and --restore's line for a package it could not fetch at any version.
PACKAGE_MISSING = re.compile(r"\bNU110[123]\b|Unable to find package|not found on nuget\.org; its references stay missing|could not be downloaded")
PROTO_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.M)
PROTO_SERVICE = re.compile(r"^\s*service\s+(\w+)\s*\{(.*?)^\s*\}", re.M | re.S)
PROTO_RPC = re.compile(r"rpc\s+(\w+)\s*\(\s*(stream\s+)?[\w.]+\s*\)\s*returns\s*\(\s*(stream\s+)?[\w.]+\s*\)")


def log(message):
    print(f"[survey] {message}", file=sys.stderr, flush=True)


def read_projects(path):
    projects = []
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 3:
            sys.exit(f"{path}: a line needs id, owner/name@commit and inputs, tab-separated: {line!r}")
        project_id, source = fields[0], fields[1]
        words = fields[2].split(" ")
        repo, _, commit = source.partition("@")
        projects.append({"id": project_id, "repo": repo, "commit": commit,
                         "inputs": [w for w in words if not w.startswith("--")],
                         "flags": [w for w in words if w.startswith("--")]})
    return projects


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"))
    for candidate in (os.path.join(base, "repo", ".git"), os.path.join(base, "repo"), os.path.join(base, ".git"), base):
        if os.path.isfile(os.path.join(candidate, "HEAD")):
            return candidate
    return None


def extract(mirrors, repo, commit, dest):
    """The tree at the commit, blob by blob: a mirror may lack its largest files, which are left out and counted."""
    gitdir = git_dir(mirrors, repo)
    if gitdir is None:
        tree = os.path.join(mirrors, repo.replace("/", "+"))
        if os.path.isdir(tree):
            shutil.copytree(tree, dest, symlinks=True)
            return 0
        raise RuntimeError(f"no mirror of {repo} under {mirrors}")
    listing = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "-r", "-z", commit], capture_output=True, check=True).stdout
    missing = 0
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind != b"blob":
            continue
        target = os.path.join(dest, path.decode("utf-8", "surrogateescape"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        blob = subprocess.run(["git", "--git-dir", gitdir, "cat-file", "blob", sha], capture_output=True)
        if blob.returncode != 0:
            missing += 1
        elif mode == b"120000":
            os.symlink(blob.stdout.decode(), target)
        else:
            with open(target, "wb") as f:
                f.write(blob.stdout)
    return missing


def run(command, cwd, log_path, timeout):
    with open(log_path, "w", encoding="utf-8") as out:
        try:
            p = subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                               env={**os.environ, "DOTNET_NOLOGO": "1", "DOTNET_CLI_TELEMETRY_OPTOUT": "1"})
            code = p.returncode
        except subprocess.TimeoutExpired:
            code = "timeout"
    return code, open(log_path, encoding="utf-8", errors="replace").read()


def findings_of(output):
    found = []
    for line in output.splitlines():
        m = FINDING.match(line)
        if m:
            found.append({"path": m["path"], "line": int(m["line"]), "severity": m["sev"], "code": m["code"], "message": m["msg"]})
            continue
        m = FINDING_NO_POSITION.match(line)
        if m:
            found.append({"path": m["path"], "line": None, "severity": m["sev"], "code": m["code"], "message": m["msg"]})
    return found


def exists_somewhere(path, roots):
    if os.path.isabs(path):
        return os.path.exists(path)
    return any(os.path.exists(os.path.join(root, path)) for root in roots)


def compiler_errors(output):
    errors = {}
    for line in output.splitlines():
        m = COMPILER_ERROR.match(line)
        if m:
            key = (m["path"], int(m["line"]), m["code"])
            errors[key] = {"path": m["path"], "line": int(m["line"]), "code": m["code"], "message": m["msg"]}
            continue
        m = BUILD_ERROR_NO_POSITION.match(line)
        if m:
            key = (m["path"], None, m["code"], m["msg"])
            errors[key] = {"path": m["path"], "line": None, "code": m["code"], "message": m["msg"]}
    return list(errors.values())


def has_finding_for(error, findings):
    """A compiler error is 'said' when an error finding stands at the same file (by name) and line, or, for a restore
    error without a position, when an error finding quotes its code."""
    name = os.path.basename(error["path"].replace("\\", "/")).lower()
    for f in findings:
        if f["severity"] != "error":
            continue
        if error["line"] is None:
            if error["code"] in f["message"] or error["code"] == f["code"]:
                return True
        elif f["path"] and os.path.basename(f["path"].replace("\\", "/")).lower() == name and f["line"] == error["line"]:
            return True
    return False


def proto_rpcs(out_dir):
    rpcs = []
    for root, _, files in os.walk(out_dir):
        if "migrate-wcf" not in root.split(os.sep) and not root.endswith("Protos"):
            continue
        for name in sorted(files):
            if not name.endswith(".proto"):
                continue
            text = open(os.path.join(root, name), encoding="utf-8").read()
            package = PROTO_PACKAGE.search(text)
            prefix = package.group(1) + "." if package else ""
            for service in PROTO_SERVICE.finditer(text):
                for rpc in PROTO_RPC.finditer(service.group(2)):
                    rpcs.append({"method": f"/{prefix}{service.group(1)}/{rpc.group(1)}",
                                 "client_stream": bool(rpc.group(2)), "server_stream": bool(rpc.group(3))})
    unique = {r["method"]: r for r in rpcs}
    return [unique[k] for k in sorted(unique)]


class Host:
    def __init__(self, dll, socket, log_path):
        self.dll, self.socket, self.log_path = dll, socket, log_path
        self.process = None

    def start(self, timeout=180):
        if os.path.exists(self.socket):
            os.unlink(self.socket)
        self.log = open(self.log_path, "a", encoding="utf-8")
        self.process = subprocess.Popen(
            ["dotnet", self.dll, "--socket", self.socket, "--MigrateWcf:SocketOnly", "true", "--MigrateWcf:BulkLane", "false"],
            cwd=os.path.dirname(self.dll), stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.PIPE,
            text=True, start_new_session=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                return False
            self.log.write(line)
            if line.startswith("ready "):
                return True
        return False

    def exited_within(self, seconds):
        try:
            self.process.wait(seconds)
            return True
        except subprocess.TimeoutExpired:
            return False

    def stop(self):
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()
        self.process = None


def call(grpc, socket, rpc):
    channel = grpc.insecure_channel("unix:" + socket)
    try:
        if rpc["client_stream"] and rpc["server_stream"]:
            for _ in channel.stream_stream(rpc["method"])(iter([b""]), timeout=5):
                break
        elif rpc["client_stream"]:
            channel.stream_unary(rpc["method"])(iter([b""]), timeout=5)
        elif rpc["server_stream"]:
            for _ in channel.unary_stream(rpc["method"])(b"", timeout=5):
                break
        else:
            channel.unary_unary(rpc["method"])(b"", timeout=15)
        return "OK"
    except grpc.RpcError as e:
        return e.code().name
    finally:
        channel.close()


def serve(out_dir, work):
    import grpc
    hosts = [os.path.join(out_dir, "Host", f) for f in os.listdir(os.path.join(out_dir, "Host")) if f.endswith(".csproj")]
    target = subprocess.run(["dotnet", "msbuild", hosts[0], "-nologo", "-getProperty:TargetPath"], capture_output=True, text=True)
    dll = target.stdout.strip()
    rpcs = proto_rpcs(out_dir)
    socket_dir = tempfile.mkdtemp(prefix="svy-")
    os.chmod(socket_dir, 0o700)
    host = Host(dll, os.path.join(socket_dir, "s.sock"), os.path.join(work, "host.log"))
    statuses = {}
    try:
        if not host.start():
            return {"started": False, "rpcs": len(rpcs), "statuses": {}}
        for rpc in rpcs:
            status = call(grpc, host.socket, rpc)
            if status == "UNAVAILABLE" and host.exited_within(10):
                # An earlier call ended the host (a service that calls Environment.Exit, as it ended WCF's): start it
                # again and ask once more.
                host.stop()
                if host.start():
                    status = call(grpc, host.socket, rpc)
            statuses[rpc["method"]] = status
    finally:
        host.stop()
        shutil.rmtree(socket_dir, ignore_errors=True)
    return {"started": True, "rpcs": len(rpcs), "statuses": statuses}


def survey(project, args):
    work = os.path.join(args.work, project["id"])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(work, "src")
    missing_blobs = extract(args.mirrors, project["repo"], project["commit"], src)
    out = os.path.join(work, "out")
    command = ["dotnet", args.tool, "generate", *project["inputs"], "--out", out, "--runtime-project", os.path.abspath(args.runtime_project), *project["flags"]]
    started = time.time()
    code, output = run(command, src, os.path.join(work, "generate.log"), 40 * 60)
    result = {"id": project["id"], "repo": project["repo"], "commit": project["commit"], "inputs": project["inputs"],
              "flags": project["flags"], "missing_blobs": missing_blobs, "generate_exit": code,
              "generate_seconds": round(time.time() - started)}
    findings = findings_of(output)
    input_folders = [os.path.join(src, os.path.dirname(i)) for i in project["inputs"]]
    # generate reports paths relative to the inputs' common folder.
    roots = [src, os.path.commonpath(input_folders)] + input_folders
    errors = [f for f in findings if f["severity"] == "error"]
    result["error_findings"] = len(errors)
    result["error_findings_at_missing_paths"] = [f"{f['path']}:{f['line']}" for f in errors if f["path"] and f["line"] is not None and not exists_somewhere(f["path"], roots)]
    result["package_missing"] = bool(PACKAGE_MISSING.search(output))
    csprojs = [f for f in os.listdir(out) if f.endswith(".csproj")] if os.path.isdir(out) else []
    if not csprojs:
        result["written"] = False
        return result
    result["written"] = True
    host_projects = [f for f in os.listdir(os.path.join(out, "Host")) if f.endswith(".csproj")] if os.path.isdir(os.path.join(out, "Host")) else []
    build_target = os.path.join(out, "Host", host_projects[0]) if host_projects else os.path.join(out, csprojs[0])
    code, build_output = run(["dotnet", "build", build_target, "-nologo", "-tl:off", "--disable-build-servers"], out, os.path.join(work, "build.log"), 30 * 60)
    result["builds"] = code == 0
    errors_of_build = compiler_errors(build_output)
    result["compiler_errors"] = len(errors_of_build)
    result["compiler_errors_without_finding"] = [f"{e['path']}({e['line']}): {e['code']}" for e in errors_of_build if not has_finding_for(e, findings)]
    result["package_missing"] = result["package_missing"] or bool(PACKAGE_MISSING.search(build_output))
    if result["builds"]:
        served = serve(out, work)
        result["host_started"] = served["started"]
        result["rpcs"] = served["rpcs"]
        result["unimplemented"] = sorted(m for m, s in served["statuses"].items() if s.startswith("UNIMPLEMENTED"))
        result["statuses"] = served["statuses"]
    return result


def summary(results):
    lines = ["| Project | generate exit | Builds | Serves | Error findings | Errors with no finding | Findings at missing paths | Package missing |",
             "|---|---|---|---|---|---|---|---|"]
    for r in results:
        if r.get("builds"):
            serves = (f"{r['rpcs'] - len(r['unimplemented'])} of {r['rpcs']}" if r.get("host_started") else "host did not start")
        else:
            serves = "–"
        builds = "yes" if r.get("builds") else ("no" if r.get("written") else "nothing written")
        lines.append(f"| {r['id']} | {r['generate_exit']} | {builds} | {serves} | {r['error_findings']} | "
                     f"{len(r.get('compiler_errors_without_finding', []))} | {len(r['error_findings_at_missing_paths'])} | {'yes' if r['package_missing'] else ''} |")
    # "Whose packages the feed serves": its build does not fail on a package the feed lacks.
    feed = [r for r in results if r.get("builds") or not r["package_missing"]]
    built = [r for r in feed if r.get("builds")]
    all_served = [r for r in results if r.get("builds") and r.get("host_started") and not r["unimplemented"]]
    lines.append("")
    lines.append(f"build: {sum(1 for r in results if r.get('builds'))} of {len(results)}; of the {len(feed)} whose packages the feed serves: "
                 f"{len(built)} ({100 * len(built) // max(1, len(feed))}%); serve every rpc: {len(all_served)} of {sum(1 for r in results if r.get('builds'))}; "
                 f"crashed (exit 70): {sum(1 for r in results if r['generate_exit'] == 70)}; compiler errors with no finding: "
                 f"{sum(len(r.get('compiler_errors_without_finding', [])) for r in results)}; findings at missing paths: "
                 f"{sum(len(r['error_findings_at_missing_paths']) for r in results)}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("projects")
    parser.add_argument("--tool", help="migrate-wcf.dll (dotnet build tool/MigrateWcf.Tool.csproj -c Release)")
    parser.add_argument("--runtime-project")
    parser.add_argument("--mirrors", help="a folder of owner+name git directories or trees")
    parser.add_argument("--work", required=True)
    parser.add_argument("--only", default="", help="comma-separated ids")
    parser.add_argument("--summary-only", action="store_true", help="print the table of an earlier run in --work again")
    args = parser.parse_args()
    if args.summary_only:
        results = json.load(open(os.path.join(args.work, "results.json"), encoding="utf-8"))
        for r in results:
            logs = [os.path.join(args.work, r["id"], name) for name in ("generate.log", "build.log")]
            r["package_missing"] = any(PACKAGE_MISSING.search(open(p, encoding="utf-8", errors="replace").read()) for p in logs if os.path.exists(p))
            project_src = os.path.join(args.work, r["id"], "src")
            if "inputs" in r and os.path.isdir(project_src):
                folders = [os.path.join(project_src, os.path.dirname(i)) for i in r["inputs"]]
                roots = [project_src, os.path.commonpath(folders)] + folders
                r["error_findings_at_missing_paths"] = [p for p in r["error_findings_at_missing_paths"] if not exists_somewhere(p.rsplit(":", 1)[0], roots)]
        print(summary(results))
        return
    for name, path in (("--tool", args.tool), ("--runtime-project", args.runtime_project), ("--mirrors", args.mirrors), ("projects", args.projects)):
        if path is None:
            sys.exit(f"survey: {name} is required")
        if not os.path.exists(path):
            sys.exit(f"survey: {path} does not exist")
    args.tool = os.path.abspath(args.tool)
    args.work = os.path.abspath(args.work)
    projects = read_projects(args.projects)
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {p["id"] for p in projects}
        if unknown:
            sys.exit(f"survey: no project {', '.join(sorted(unknown))} in {args.projects}")
        projects = [p for p in projects if p["id"] in wanted]
    os.makedirs(args.work, exist_ok=True)
    results = []
    for project in projects:
        log(f"{project['id']}: {project['repo']}@{project['commit']} {' '.join(project['inputs'] + project['flags'])}")
        try:
            result = survey(project, args)
        except Exception as e:  # one project's failure must not end the survey
            result = {"id": project["id"], "repo": project["repo"], "generate_exit": f"survey error: {e}", "error_findings": 0,
                      "error_findings_at_missing_paths": [], "package_missing": False}
        log(f"{project['id']}: {json.dumps({k: v for k, v in result.items() if k != 'statuses'})}")
        results.append(result)
        with open(os.path.join(args.work, "results.json"), "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    table = summary(results)
    with open(os.path.join(args.work, "summary.md"), "w", encoding="utf-8") as f:
        f.write(table + "\n")
    print(table)


if __name__ == "__main__":
    main()
