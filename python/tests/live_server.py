"""The real ActionGate server for the tests. When `npm test` runs them (packages/sdk/test/python.test.ts), it
starts one real server and names it in ACTIONGATE_TEST_URL and ACTIONGATE_TEST_ADMIN_KEY: every module
shares it (test names are unique, so modules do not see each other's state). Run on their own
(`python3 -m unittest discover -s python/tests`), each module starts the server (node + tsx) on a free
port of 127.0.0.1 with a temporary data directory, and stops it and removes the directory afterwards."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]
REPO = PYTHON_DIR.parent
sys.path.insert(0, str(PYTHON_DIR))


def unique(name: str) -> str:
    """A name no other test (in any module sharing the server) has used."""
    return f"{name}-{uuid.uuid4().hex[:6]}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LiveServer:
    def __init__(self) -> None:
        shared_url = os.environ.get("ACTIONGATE_TEST_URL")
        if shared_url:
            self.url = shared_url
            self.admin_key = os.environ["ACTIONGATE_TEST_ADMIN_KEY"]
            self.process = None
            return
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.admin_key = f"fk_pytest_admin_{os.getpid()}_{self.port}"
        self.data_dir = tempfile.mkdtemp(prefix="actiongate-py-")
        env = {
            **os.environ,
            "PORT": str(self.port),
            "HOST": "127.0.0.1",
            "ACTIONGATE_DATA_DIR": self.data_dir,
            "ACTIONGATE_ADMIN_KEY": self.admin_key,
            "ACTIONGATE_LOG_LEVEL": "warn",
        }
        self.process = subprocess.Popen(
            ["node", "--import", "tsx", "packages/server/src/main.ts"],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.process.stderr.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as response:
                    if json.load(response).get("status") == "ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("server did not start within 60 s")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is None:
            return  # the shared server belongs to whoever started it
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr:
            self.process.stderr.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)
