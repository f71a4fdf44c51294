/** What a partition owner must do: take a partition it was assigned once nobody on this node holds it. */
export interface PartitionClaimant {
  /** Whether Kafka's last assignment gave it the partition. */
  isAssigned(partition: number): boolean;
  /** Called when the partition is free for it; answers whether it took it. */
  take(partition: number): boolean;
}

/**
 * The members of one consumer group on this node and who delivers which partition now. Kafka may
 * assign a partition to a new member while the old one still waits for acknowledgements of what
 * it sent from it: the new member starts only once the old one has committed and let go, from the
 * offset after the last acknowledged message, so that nothing acknowledged is delivered again.
 */
export class PartitionOwners {
  private readonly owners = new Map<number, PartitionClaimant>();
  /** Per partition, the offset after the last message a member here had acknowledged when it let go. */
  private readonly released = new Map<number, bigint>();
  readonly members = new Set<PartitionClaimant>();

  /** Takes the partition for the claimant when nobody holds it; answers the offset to start after, or false. */
  claim(partition: number, claimant: PartitionClaimant): { startAt: bigint | undefined } | false {
    const owner = this.owners.get(partition);
    if (owner !== undefined && owner !== claimant) return false;
    this.owners.set(partition, claimant);
    return { startAt: this.released.get(partition) };
  }

  /** The owner lets go, with its commit point; a member Kafka assigned the partition to takes it. */
  release(partition: number, claimant: PartitionClaimant, commitPoint: bigint | undefined): void {
    if (this.owners.get(partition) !== claimant) return;
    this.owners.delete(partition);
    if (commitPoint !== undefined && commitPoint > (this.released.get(partition) ?? -1n)) this.released.set(partition, commitPoint);
    for (const member of this.members) {
      if (member.isAssigned(partition) && member.take(partition)) return;
    }
  }

  get idle(): boolean {
    return this.members.size === 0 && this.owners.size === 0;
  }
}
