import Foundation
import PackagePlugin

/// Stamps the commit the binary is built from into `SigbenchBuildStamp` at build time
/// (`BuildStampValues.swift`: full hash, committer time in Unix seconds, dirty flag), so what
/// sigbench records names the build's commit, not whatever checkout the binary later runs in.
///
/// A build command (not a prebuild command: SwiftPM re-runs those only when it reloads the
/// package, swiftlang/swift-package-manager#5476) whose inputs are the files git changes when
/// HEAD moves or the index changes (`.git/HEAD`, `.git/logs/HEAD`, `.git/index`,
/// `.git/packed-refs`, the branch's ref file) and the package's tracked sources (for the dirty
/// flag). It runs `/usr/bin/git` in the package folder (local, no network) and rewrites the file
/// only when its content changes, so an unchanged HEAD costs no recompilation. Outside a git
/// checkout (a source tarball) or without git, the commit is "unknown".
@main
struct BuildStamp: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let out = context.pluginWorkDirectoryURL.appendingPathComponent("Stamp")
    let file = out.appendingPathComponent("BuildStampValues.swift")
    return [
      .buildCommand(
        displayName: "Stamping the build's git commit into SigbenchBuildStamp",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", BuildStamp.script, "stamp", out.path, root.path],
        inputFiles: BuildStamp.inputs(root), outputFiles: [file])
    ]
  }

  /// What a change of HEAD, of the index or of a tracked source touches (existing files only).
  static func inputs(_ root: URL) -> [URL] {
    let fm = FileManager.default
    let git = root.appendingPathComponent(".git")
    var files = ["HEAD", "logs/HEAD", "index", "packed-refs"].map {
      git.appendingPathComponent($0)
    }
    if let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8),
      head.hasPrefix("ref: ")
    {
      let ref = head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
      files.append(git.appendingPathComponent(ref))
    }
    files.append(root.appendingPathComponent("Package.swift"))
    for folder in ["Sources", "Tests", "Plugins", "scripts"] {
      let e = fm.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil,
        options: [.skipsHiddenFiles])
      while let url = e?.nextObject() as? URL {
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue {
          files.append(url)
        }
      }
    }
    return files.filter { fm.fileExists(atPath: $0.path) }
  }

  /// $1: output folder, $2: package folder.
  static let script = #"""
    set -u
    mkdir -p "$1"
    commit=unknown; time=0; dirty=nil
    if [ -e "$2/.git" ] && [ -x /usr/bin/git ]; then
      if c=$(/usr/bin/git -C "$2" rev-parse HEAD 2>/dev/null); then
        commit=$c
        time=$(/usr/bin/git -C "$2" log -1 --format=%ct HEAD 2>/dev/null || echo 0)
        if s=$(/usr/bin/git -C "$2" --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null); then
          if [ -n "$s" ]; then dirty=true; else dirty=false; fi
        fi
      fi
    fi
    f="$1/BuildStampValues.swift"
    cat > "$f.tmp" <<SWIFT
    // Generated at build time by the BuildStamp plugin; do not edit.
    enum BuildStampValues {
      static let commit = "$commit"
      static let commitUnixTime: Int64 = ${time:-0}
      static let dirty: Bool? = $dirty
    }
    SWIFT
    if cmp -s "$f.tmp" "$f"; then rm -f "$f.tmp"; else mv -f "$f.tmp" "$f"; fi
    """#
}
