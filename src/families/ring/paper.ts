import type { Paper } from '../../kernel/papers';

/** The paper this family is built from (../shared/papers/), as every card, check and scene of it cites it. */
export const OPTREE_PAPER = {
  key: 'optree',
  file: '000_a9b39a03c816b605.txt',
  title: 'Efficient Algorithm for All-gather Operation in Optical Interconnect Systems',
  short: 'the OpTree paper',
  authors: ['Dai, Fei', 'Chen, Yawen', 'Huang, Zhiyi', 'Zhang, Haibo'],
  venue: null,
  year: null,
  known:
    'The text calls itself the extended version of the authors’ paper at the 2023 IEEE International Conference on Communications (ICC 2023); it names neither the journal of this version nor its year.',
  dated: {
    words: 'extends ICC 2023',
    evidence: 'presented at the 2023 IEEE International Conference on Communications',
  },
} satisfies Paper;
