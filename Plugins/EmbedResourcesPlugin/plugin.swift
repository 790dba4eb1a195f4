import Foundation
import PackagePlugin

/// Embeds files into a target as Swift string constants: `migrations/*.sql` and `sample-data/*.csv` into the
/// store, and the web page's files (`web/*.html`, `.css`, `.js`, `.json`, `.svg`) into the server.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let tool = try context.tool(named: "EmbedResources")
        let packageRoot = context.package.directoryURL
        if target.name == "LineupServer" {
            return [
                try embedCommand(
                    tool: tool.url, folder: packageRoot.appending(path: "web"),
                    fileExtensions: ["html", "css", "js", "json", "svg"], enumName: "EmbeddedWebFiles",
                    output: context.pluginWorkDirectoryURL)
            ]
        }
        return [
            try embedCommand(
                tool: tool.url, folder: packageRoot.appending(path: "migrations"), fileExtensions: ["sql"],
                enumName: "EmbeddedMigrations", output: context.pluginWorkDirectoryURL),
            try embedCommand(
                tool: tool.url, folder: packageRoot.appending(path: "sample-data"), fileExtensions: ["csv"],
                enumName: "EmbeddedSampleData", output: context.pluginWorkDirectoryURL),
        ]
    }

    private func embedCommand(
        tool: URL, folder: URL, fileExtensions: Set<String>, enumName: String, output: URL
    ) throws -> Command {
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { fileExtensions.contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let outputFile = output.appending(path: "\(enumName).swift")
        return .buildCommand(
            displayName: "Embedding \(inputs.count) file(s) as \(enumName)",
            executable: tool,
            arguments: [outputFile.path(), enumName] + inputs.map { $0.path() },
            inputFiles: inputs,
            outputFiles: [outputFile]
        )
    }
}
