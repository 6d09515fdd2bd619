/** One labelled task of an evaluation set (`[{id, task, lexical, lang?, relevant: [{path, grade, why}]}]`). */
export interface LabelledTask {
  id: string;
  task: string;
  lexical: boolean;
  /** The task's language (BCP 47); default the folder's locale. */
  lang?: string | undefined;
  relevant: { path: string; grade: number; why?: string | undefined }[];
}

export interface Recall {
  /** Labels found / labels, pooled over tasks. */
  recall: number;
  /** Mean of each task's own recall. */
  macroRecall: number;
  grade2: number;
  paraphrased: number;
  lexical: number;
}

/** Recall of labelled notes among what each task got (`got(id)` = the cited paths). */
export function recallOf(tasks: readonly LabelledTask[], got: (id: string) => ReadonlySet<string>): Recall {
  const pooled = (pick: (t: LabelledTask, r: LabelledTask['relevant'][number]) => boolean) => {
    let hit = 0;
    let all = 0;
    for (const t of tasks)
      for (const r of t.relevant) {
        if (!pick(t, r)) continue;
        all++;
        if (got(t.id).has(r.path)) hit++;
      }
    return all === 0 ? 0 : hit / all;
  };
  const perTask = tasks.map((t) => (t.relevant.length === 0 ? 1 : t.relevant.filter((r) => got(t.id).has(r.path)).length / t.relevant.length));
  return {
    recall: pooled(() => true),
    macroRecall: perTask.reduce((s, x) => s + x, 0) / Math.max(1, perTask.length),
    grade2: pooled((_, r) => r.grade >= 2),
    paraphrased: pooled((t) => !t.lexical),
    lexical: pooled((t) => t.lexical),
  };
}
