/** What the research pipeline is given. */
export interface ResearchSubject {
  firstName: string;
  lastName: string;
  linkedinUrl: string;
  run: number;
}

/** What it finds. `report` is open-ended by design; `summary` and `icp_score` are always there. */
export interface ResearchFindings {
  role: string;
  company: string;
  companyDomain: string;
  report: Record<string, unknown> & { summary: string; icp_score: number };
}

/** Thrown when research on a person cannot be completed. */
export class ResearchFailure extends Error {
  override readonly name = 'ResearchFailure';
  constructor(
    readonly code: 'profile_not_found' | 'provider_error' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

export interface ResearchProvider {
  research(subject: ResearchSubject): Promise<ResearchFindings>;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const COMPANIES = ['Northwind Robotics', 'Bluefin Analytics', 'Cobalt Health', 'Lattice Freight', 'Juniper Labs'];
const ROLES = ['VP of Sales', 'Head of Growth', 'Chief Revenue Officer', 'Sales Operations Lead', 'Founder'];

/**
 * A clearly simulated research pipeline: deterministic, built from the inputs only, and labelled as
 * simulated in its report. Profiles whose handle contains `not-found` fail with
 * `profile_not_found`; `failNext` makes the next run fail with `provider_error`.
 */
export class SimulatedResearch implements ResearchProvider {
  failNext = 0;
  async research(s: ResearchSubject): Promise<ResearchFindings> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new ResearchFailure('provider_error', 'The research provider failed (simulated)');
    }
    if (s.linkedinUrl.includes('not-found'))
      throw new ResearchFailure('profile_not_found', 'No public profile at this URL');
    const h = hash(s.linkedinUrl);
    const company = COMPANIES[h % COMPANIES.length]!;
    const role = ROLES[(h >>> 3) % ROLES.length]!;
    const domain = `${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
    // Later runs move the score a little, as a real refresh would.
    const icp = 40 + ((h >>> 5) % 56) + Math.min(4, s.run - 1);
    const name = `${s.firstName} ${s.lastName}`;
    return {
      role,
      company,
      companyDomain: domain,
      report: {
        simulated: true,
        summary: `${name} is ${role} at ${company}. (Simulated research: built from the submitted name and profile URL only.)`,
        background: [`${role} at ${company}`, `Profile: ${s.linkedinUrl}`],
        company_intelligence: { name: company, domain, headcount_band: ['11-50', '51-200', '201-500'][h % 3] },
        outreach_angles: [`Ask how ${company} plans pipeline for next quarter`, `Mention peers of a ${role}`],
        sources: [{ title: 'Profile', url: s.linkedinUrl }],
        icp_score: icp,
      },
    };
  }
}
