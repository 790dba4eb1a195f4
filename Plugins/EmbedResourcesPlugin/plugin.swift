import Foundation
import PackagePlugin

/// Embeds `migrations/*.sql` and `sample-data/*.csv` into the target as Swift string constants.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let tool = try context.tool(named: "EmbedResources")
        let packageRoot = context.package.directoryURL
        return [
            try embedCommand(
                tool: tool.url, folder: packageRoot.appending(path: "migrations"), fileExtension: "sql",
                enumName: "EmbeddedMigrations", output: context.pluginWorkDirectoryURL),
            try embedCommand(
                tool: tool.url, folder: packageRoot.appending(path: "sample-data"), fileExtension: "csv",
                enumName: "EmbeddedSampleData", output: context.pluginWorkDirectoryURL),
        ]
    }

    private func embedCommand(
        tool: URL, folder: URL, fileExtension: String, enumName: String, output: URL
    ) throws -> Command {
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == fileExtension }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let outputFile = output.appending(path: "\(enumName).swift")
        return .buildCommand(
            displayName: "Embedding \(inputs.count) \(fileExtension) file(s) as \(enumName)",
            executable: tool,
            arguments: [outputFile.path(), enumName] + inputs.map { $0.path() },
            inputFiles: inputs,
            outputFiles: [outputFile]
        )
    }
}
