const wonNumber = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

/**
 * An amount of money as every screen, mail and 견적서 of the platform writes it: whole won with
 * thousands separators and 원 after the number (3,902,800원, -345원).
 */
export const formatWon = (amount: number): string => `${wonNumber.format(amount)}원`;
