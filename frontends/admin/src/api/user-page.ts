// One user's admin page (spec section 7): each section is a small server page of the user's rows, asked of the
// service that owns them (identity, wallet, plans, KYC, support), so one slow service delays only its own section.
// Every section is tagged with the user's id, so whatever changes about the user reads them all again.
import { cacheTags } from '@cropvest/web-kit';

/** One section's page: whose rows, which page of SECTION_PAGE_SIZE. */
export interface SectionArgs {
  userId: string;
  page: number;
}

export const SECTION_PAGE_SIZE = 5;

/** The page a section asks for, of a list the user's id filters. */
export const sectionPage = ({ page }: SectionArgs) => ({ page, pageSize: SECTION_PAGE_SIZE });

/** The page a section asks for, of a list filtered by the user. */
export const userSectionQuery = (args: SectionArgs) => ({ userId: args.userId, ...sectionPage(args) });

export const userPageTags = cacheTags('AdminUserPage');
