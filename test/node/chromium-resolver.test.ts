// The order in which the browser tests pick a Chromium: CHROMIUM_PATH, then a
// browser on the machine, then the one inside the npm package.
import { describe, expect, it, vi } from "vitest";
import { npmChromiumArgs, resolveChromium, SYSTEM_ARGS, type ResolveOptions } from "../e2e/support/chromium";

const npmChromium = vi.fn(async () => ({
  executablePath: "/tmp/chromium",
  args: ["--single-process", "--no-zygote", "--headless='shell'", "--no-sandbox", "--disable-web-security"],
}));

function machine(files: string[], env: Record<string, string> = {}): ResolveOptions {
  npmChromium.mockClear();
  return {
    env: { PATH: "/home/me/bin:/usr/local/bin:/usr/bin", ...env },
    platform: "linux",
    arch: "x64",
    names: ["chromium", "google-chrome"],
    paths: ["/usr/bin/chromium", "/opt/google/chrome/chrome"],
    isExecutable: (file) => files.includes(file),
    npmChromium,
  };
}

describe("resolveChromium", () => {
  it("takes CHROMIUM_PATH over everything else", async () => {
    const choice = await resolveChromium(
      machine(["/custom/chrome", "/usr/bin/chromium"], { CHROMIUM_PATH: "/custom/chrome" }),
    );
    expect(choice).toEqual({ executablePath: "/custom/chrome", args: SYSTEM_ARGS, source: "CHROMIUM_PATH" });
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it("fails clearly when CHROMIUM_PATH names nothing runnable, rather than looking elsewhere", async () => {
    await expect(resolveChromium(machine(["/usr/bin/chromium"], { CHROMIUM_PATH: "/nowhere/chrome" }))).rejects.toThrow(
      "CHROMIUM_PATH is /nowhere/chrome",
    );
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it("finds a browser on PATH, in PATH order and then name order", async () => {
    expect((await resolveChromium(machine(["/usr/bin/chromium", "/usr/local/bin/chromium"]))).executablePath).toBe(
      "/usr/local/bin/chromium",
    );
    expect((await resolveChromium(machine(["/usr/bin/chromium", "/home/me/bin/google-chrome"]))).executablePath).toBe(
      "/usr/bin/chromium",
    );
    const chrome = await resolveChromium(machine(["/home/me/bin/google-chrome"]));
    expect(chrome).toEqual({ executablePath: "/home/me/bin/google-chrome", args: SYSTEM_ARGS, source: "system" });
    expect(npmChromium).not.toHaveBeenCalled();
  });

  it("looks in the usual install places when PATH has none", async () => {
    const choice = await resolveChromium(machine(["/opt/google/chrome/chrome"], { PATH: "/home/me/bin" }));
    expect(choice).toEqual({ executablePath: "/opt/google/chrome/chrome", args: SYSTEM_ARGS, source: "system" });
  });

  it("falls back to the npm Chromium without its Lambda-only flags", async () => {
    const choice = await resolveChromium(machine([]));
    expect(npmChromium).toHaveBeenCalledOnce();
    expect(choice.source).toBe("npm");
    expect(choice.executablePath).toBe("/tmp/chromium");
    expect(choice.args).toContain("--no-zygote");
    expect(choice.args).toContain("--no-sandbox");
    expect(choice.args.filter((a) => a === "--no-sandbox")).toHaveLength(1);
    for (const dropped of ["--single-process", "--headless='shell'", "--disable-web-security"])
      expect(choice.args).not.toContain(dropped);
  });

  it("passes on the npm Chromium's environment (its own libraries) when it has one", async () => {
    expect((await resolveChromium(machine([]))).env).toBeUndefined();
    const withLibs = async () => ({
      executablePath: "/tmp/chromium",
      args: [],
      env: { LD_LIBRARY_PATH: "/tmp/al2023/lib" },
    });
    const choice = await resolveChromium({ ...machine([]), npmChromium: withLibs });
    expect(choice.env).toEqual({ LD_LIBRARY_PATH: "/tmp/al2023/lib" });
    expect((await resolveChromium({ ...machine(["/usr/bin/chromium"]), npmChromium: withLibs })).env).toBeUndefined();
  });

  it("says what to do where the npm Chromium cannot run", async () => {
    await expect(resolveChromium({ ...machine([]), platform: "darwin", arch: "arm64" })).rejects.toThrow(
      /No Chrome or Chromium found.*set CHROMIUM_PATH/,
    );
    expect(npmChromium).not.toHaveBeenCalled();
  });
});

describe("npmChromiumArgs", () => {
  it("keeps the package's rendering flags", () => {
    expect(npmChromiumArgs(["--use-gl=angle", "--headless", "--single-process"])).toEqual(
      expect.arrayContaining(["--use-gl=angle", "--no-sandbox"]),
    );
    expect(npmChromiumArgs(["--use-gl=angle", "--headless", "--single-process"])).not.toContain("--headless");
  });
});
