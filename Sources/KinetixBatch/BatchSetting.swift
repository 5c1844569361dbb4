import KinetixCore

extension Setting {
    /// A batch's output folder.
    public static let batchOutput = Setting("batchOutput")
    /// A batch plan: the file given is not one, so one is to be made.
    public static let batchPlan = Setting("batchPlan")
    /// The name `batchShard(_:)` settings have.
    public static let batchShardName = "batchShard"
    /// Shard `k` of a batch, to run again (`argument` is `k`).
    public static func batchShard(_ k: Int) -> Setting { Setting(batchShardName, argument: String(k)) }
    /// The Slurm partition a batch's script submits to.
    public static let slurmPartition = Setting("slurmPartition")
    /// The Slurm time limit of a batch's tasks.
    public static let slurmTimeLimit = Setting("slurmTimeLimit")
}
